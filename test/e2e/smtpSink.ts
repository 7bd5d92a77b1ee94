/**
 * A local SMTP server that keeps every message it is sent, parsed (mailparser): where n8n's Send
 * Email node delivers in the end-to-end tests. No TLS, no login, loopback only.
 */
import type { AddressInfo } from 'net';
import { writeFileSync } from 'fs';

import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSink {
	port: number;
	messages: ParsedMail[];
	close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
	const messages: ParsedMail[] = [];
	const server = new SMTPServer({
		disabledCommands: ['STARTTLS', 'AUTH'],
		authOptional: true,
		logger: false,
		onData(stream, _session, done) {
			simpleParser(stream)
				.then((message) => {
					messages.push(message);
					done();
				})
				.catch((error: Error) => done(error));
		},
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	const { port } = server.server.address() as AddressInfo;
	return {
		port,
		messages,
		close: async () => await new Promise<void>((closed) => server.close(() => closed())),
	};
}

export const SMTP_CREDENTIAL_ID = 'paySmtpCredential';

/** The example's "Pay example SMTP" credential pointed at the sink, for n8n import:credentials. */
export function writeSmtpCredential(file: string, port: number): void {
	const credential = {
		id: SMTP_CREDENTIAL_ID,
		name: 'Pay example SMTP',
		type: 'smtp',
		data: { user: '', password: '', host: '127.0.0.1', port, secure: false, disableStartTls: true },
	};
	writeFileSync(file, JSON.stringify([credential], null, 2));
}
