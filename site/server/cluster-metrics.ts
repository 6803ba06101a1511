/**
 * /metrics for the whole cluster (docs/decisions/019). With WEB_CONCURRENCY > 1 a scrape reaches one worker;
 * that worker asks the primary over the cluster's IPC channel, and the primary gathers every worker's
 * registry with prom-client's AggregatorRegistry (each metric merged by its `aggregator`: counters,
 * histograms and gauges summed unless a metric says otherwise) and sends the text back.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'skillshelf:metrics-request';
const ANSWER = 'skillshelf:metrics-response';
/** Longer than prom-client's own 5 s wait for the workers, so that its error is the one reported. */
const ANSWER_TIMEOUT_MS = 6000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is Ask => (message as Ask | null)?.type === ASK;
const isAnswer = (message: unknown): message is Answer => (message as Answer | null)?.type === ANSWER;
const ignore = () => {};

/** In the primary: answers each worker's request with every worker's metrics, aggregated. */
export function answerMetricsRequests(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isAsk(message)) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) =>
      worker.send({ type: ANSWER, id: message.id, ...answer }, undefined, ignore);
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

const waiting = new Map<number, (answer: Answer) => void>();
let asked = 0;

/** In a worker: lets the primary collect `registry`, and listens for the answers to clusterMetrics(). */
export function shareMetrics(registry: Registry): void {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one is what installs prom-client's answer to the primary's collection requests.
  new AggregatorRegistry();
  process.on('message', (message: unknown) => {
    if (isAnswer(message)) waiting.get(message.id)?.(message);
  });
}

/** In a worker: the whole cluster's metrics in the text format, from the primary. */
export function clusterMetrics(): Promise<string> {
  const id = asked++;
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      waiting.delete(id);
      reject(new Error(`The cluster's metrics could not be gathered: ${reason}`));
    };
    const timer = setTimeout(() => fail('the primary process did not answer'), ANSWER_TIMEOUT_MS);
    waiting.set(id, (answer) => {
      if (answer.error !== undefined) return fail(answer.error);
      clearTimeout(timer);
      waiting.delete(id);
      resolve(answer.text ?? '');
    });
    process.send!({ type: ASK, id }, undefined, undefined, (error: Error | null) => error && fail(error.message));
  });
}
