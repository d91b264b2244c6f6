import { listenForMail } from '../mail-listener';

export type MailSink = {
  port: number;
  /** Messages received per recipient address (lower case). */
  received: Map<string, number>;
  close(): Promise<void>;
};

/** A mail server on the loopback that takes every message and counts it per recipient. */
export async function startMailSink(port: number): Promise<MailSink> {
  const received = new Map<string, number>();
  const listener = await listenForMail(port, (recipients) => {
    for (const to of recipients) {
      const address = to.toLowerCase();
      received.set(address, (received.get(address) ?? 0) + 1);
    }
  });
  return { port: listener.port, received, close: listener.close };
}
