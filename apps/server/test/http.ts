/** HTTP as it goes over the wire, for the tests of encodings and caching headers. */
import { request } from 'node:http';

export interface Answer {
  status: number;
  header: (name: string) => string | null;
  bytes: Buffer;
}

/** A GET whose answer is read as it came: fetch would undo a Content-Encoding. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { headers: { 'accept-encoding': 'identity', ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const header = (name: string): string | null => {
            const value = response.headers[name];
            return value === undefined ? null : String(value);
          };
          resolve({ status: response.statusCode ?? 0, header, bytes: Buffer.concat(chunks) });
        });
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}
