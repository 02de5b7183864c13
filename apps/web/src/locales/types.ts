/** An en-US catalogue must have exactly the keys of its zh-CN twin. */
export type Twin<T> = { [K in keyof T]: T[K] extends string ? string : Twin<T[K]> };
