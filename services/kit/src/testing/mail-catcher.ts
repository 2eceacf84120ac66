import { freePorts } from './node-process';

// maildev ships no types: the part of its API used here.
interface MailDevServer {
  listen(done: (err?: Error) => void): void;
  close(done: () => void): void;
}

export interface MailAddress {
  address: string;
  name: string;
}

/** A mail as the catcher's web inbox lists it (the fields the tests read). */
export interface Delivered {
  subject: string;
  text: string;
  from: MailAddress[];
  to: MailAddress[];
  cc?: MailAddress[];
  replyTo?: MailAddress[];
}

export interface MailCatcher {
  /** The SMTP server, for a service's SMTP_URL. */
  smtpUrl: string;
  smtpPort: number;
  /** Every mail it accepted (and has read: a moment after accepting it), oldest first. */
  delivered(): Promise<Delivered[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (maildev) on free loopback ports in this process, read through its web inbox's
 * REST API. maildev keeps one server per process: a second one at the same time needs a process of
 * its own (maildev/bin/maildev).
 */
export async function startMailCatcher(): Promise<MailCatcher> {
  // Required here, not at the top: every test that imports the kit's testing entry would load it.
  // maildev is the infra workspace's dependency; npm installs it at the root, where this resolves it.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const MailDev = require('maildev') as new (options: object) => MailDevServer;
  const [smtpPort, web] = await freePorts(2);
  const maildev = new MailDev({ smtp: smtpPort, web, ip: '127.0.0.1', silent: true });
  await new Promise<void>((resolve, reject) => maildev.listen((err) => (err ? reject(err) : resolve())));
  const inbox = `http://127.0.0.1:${web}`;
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    smtpPort,
    delivered: async () => (await (await fetch(`${inbox}/email`)).json()) as Delivered[],
    close: () => new Promise<void>((resolve) => maildev.close(resolve)),
  };
}
