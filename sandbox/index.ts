/** Starts a sandbox of the service: `const sandbox = await startSandbox({ port: 0 })`. */
import type { AddressInfo } from 'net';

import { SandboxControl } from './controlClient';
import type { Account } from './model';
import { DEFAULT_SANDBOX_OPTIONS } from './options';
import type { SandboxOptions, SandboxProfile } from './options';
import { readSavedKeys, restoreState, saveState } from './persistence';
import { generateRsaKeys } from './rsa';
import { createSandboxServer } from './server';
import { DEMO_ACCOUNT, FRIEND_ACCOUNT, SandboxState } from './state';

export interface SandboxAccountCredentials {
	username: string;
	phone: string;
	email: string;
	apiKey: string;
	refreshToken: string;
}

export interface Sandbox {
	baseUrl: string;
	port: number;
	/** Which reading of the service it answers with. */
	profile: SandboxProfile;
	/** The typed client of the control API. */
	control: SandboxControl;
	/** In-process access to the state, for the sandbox's own tests. */
	state: SandboxState;
	/** A verified account with 1,000,000 COP. */
	demo: SandboxAccountCredentials;
	/** A verified account with no balance, to send to. */
	friend: SandboxAccountCredentials;
	close(): Promise<void>;
}

/** What a client of a sandbox needs, whether it runs in this process or another. */
export type SandboxEndpoint = Pick<Sandbox, 'baseUrl' | 'control' | 'demo' | 'friend'>;

export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<Sandbox> {
	const settings: SandboxOptions = { ...DEFAULT_SANDBOX_OPTIONS, ...options };
	const { stateFile } = settings;
	const state = new SandboxState(
		settings,
		(stateFile && readSavedKeys(stateFile)) || generateRsaKeys(),
	);
	if (stateFile) {
		restoreState(state, stateFile);
		state.onChange = () => saveState(state, stateFile);
	}
	const server = createSandboxServer(state);
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(settings.port, settings.host, () => resolve());
	});
	const port = (server.address() as AddressInfo).port;
	const baseUrl = `http://${settings.host}:${port}`;
	state.baseUrl = baseUrl;
	const credentialsOf = (username: string): SandboxAccountCredentials => {
		const account = state.accounts.get(username) as Account;
		return {
			username,
			phone: account.phone,
			email: account.email,
			apiKey: account.apiKey,
			refreshToken: account.refreshToken,
		};
	};
	return {
		baseUrl,
		port,
		profile: settings.profile,
		state,
		control: new SandboxControl(baseUrl),
		demo: credentialsOf(DEMO_ACCOUNT.username),
		friend: credentialsOf(FRIEND_ACCOUNT.username),
		close: async () => {
			for (const timer of state.timers) clearTimeout(timer);
			// Callback deliveries finish after their request: their status codes are kept too.
			state.onChange?.();
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export type { SandboxOptions, SandboxProfile } from './options';
export { SANDBOX_PROFILES, isSandboxProfile } from './options';
export type { Fault, FaultBody } from './faults';
export type { FailureBody } from './failureBodies';
export { SandboxControl } from './controlClient';
