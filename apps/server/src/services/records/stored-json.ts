/**
 * The JSON text of a `T` as a service stored it: built from a typed `T` when the result was written, so it is
 * answered as it is. A 300,000-character paper's report is about 2 MB: parsing, validating and serialising it again
 * held the API's thread for 60–180 ms per opening.
 */
export type StoredJson<T> = string & { readonly storedJsonOf: T };

/** Text read from a result table, known to hold a `T`'s JSON (the writer's type says so). */
export const storedJson = <T>(text: string): StoredJson<T> => text as StoredJson<T>;
