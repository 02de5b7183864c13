/**
 * The job queue as services see it (a port below every layer): a service registers its job kinds' runs and
 * enqueues; `jobs/` implements it (in-process or BullMQ) and imports no service.
 *
 * Payload types per job kind. Each feature adds its kind by declaration merging, so no shared
 * file changes when a service is added:
 *   declare module '../../queue.ts' { interface JobPayloads { check: { recordId: number } } }   (from a service)
 */
// biome-ignore lint/suspicious/noEmptyInterface: extended by declaration merging in each feature
export interface JobPayloads {}

export type JobKind = keyof JobPayloads & string;

export interface JobContext {
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Set when the queue is shutting down; long handlers should stop and let the job be re-run. */
  signal: AbortSignal;
}

export type JobHandler<K extends JobKind> = (payload: JobPayloads[K], job: JobContext) => Promise<void>;

export interface JobRegistration<K extends JobKind> {
  handler: JobHandler<K>;
  /** How many times a failing job runs in all before `onFailed`. */
  attempts?: number;
  /** Called once when every attempt failed: the service marks the record failed and refunds. */
  onFailed?: (payload: JobPayloads[K], error: Error) => Promise<void>;
  /** Unfinished work found at start-up (records left queued or running by a crash): re-enqueued. */
  recover?: () => Promise<JobPayloads[K][]>;
}

/** A process consuming jobs, as the operator's system page lists it. */
export interface WorkerProcess {
  /** host:pid of the process */
  name: string;
  /** How long it has been consuming, in seconds. */
  ageSeconds: number;
}

export interface JobQueue {
  readonly kind: 'local' | 'bullmq';
  register<K extends JobKind>(kind: K, registration: JobRegistration<K>): void;
  enqueue<K extends JobKind>(kind: K, payload: JobPayloads[K], opts?: { jobId?: string }): Promise<void>;
  /** Start consuming (the `serve` command in embedded mode, or the `worker` command). */
  startWorkers(): Promise<void>;
  /** The processes consuming this queue now: this one in embedded mode, every `worker` process with Redis. */
  workers(): Promise<WorkerProcess[]>;
  close(): Promise<void>;
}

/** A shard worker's state as it last reported it (issue 28): the console's system page shows one row a shard. */
export interface ShardHeartbeat {
  shard: number;
  /** host:pid of the shard worker */
  name: string;
  /** loading its saved index folder, building from the database, or answering checks */
  state: 'loading' | 'building' | 'ready';
  documents: number;
  /** Matching characters (letters and digits) of its documents. */
  characters: number;
  rssBytes: number;
  updatedAt: string;
}

/**
 * The library's shards as a check reaches them (LIBRARY_SHARDS > 1): a request to shard i is a child job on
 * shard i's queue, answered by the one `worker --shard i` process; jobs/shards.ts implements it on BullMQ.
 * Requests and answers are plain data whose typed arrays survive the trip.
 */
export interface ShardChannel {
  readonly shards: number;
  /** Ask one shard; rejects when it has not answered within the configured time (the shard is down or slow). */
  ask(shard: number, op: string, request: unknown, signal?: AbortSignal): Promise<unknown>;
  /** Answer shard `shard`'s requests, one at a time (a shard worker). */
  serve(shard: number, answer: (op: string, request: unknown) => Promise<unknown>): Promise<void>;
  beat(heartbeat: ShardHeartbeat): Promise<void>;
  /** Every shard's last heartbeat (a shard that never reported has none). */
  heartbeats(): Promise<ShardHeartbeat[]>;
  close(): Promise<void>;
}
