/** How a sandbox behaves; every field has a default that models the real service. */
export type RsaPadding = 'pkcs1' | 'oaep-sha1' | 'oaep-sha256';

/**
 * Which reading of the service the sandbox answers with: `observed`, what the service's real
 * clients send and read; `spec`, the shapes of the service's specification.
 * docs/SERVICE.md quotes both.
 */
export type SandboxProfile = 'observed' | 'spec';
export const SANDBOX_PROFILES: readonly SandboxProfile[] = ['observed', 'spec'];

export function isSandboxProfile(value: unknown): value is SandboxProfile {
	return SANDBOX_PROFILES.includes(value as SandboxProfile);
}

export interface SandboxOptions {
	profile: SandboxProfile;
	/** 0 picks a free port (tests). */
	port: number;
	host: string;
	/** Lifetime of access tokens from `/token/refresh/` (the service documents 15 minutes). */
	tokenTtlMs: number;
	/** Checkout answers arrive as a JSON string holding JSON, as the real service sends them. */
	doubleEncodeCheckout: boolean;
	/** The padding `register_tc` and `tc_payment` decrypt with; anything else is refused. */
	rsaPadding: RsaPadding;
	/** A checkout whose payer document is `7777777` is paid after this delay (docs/SERVICE.md). */
	autoPayDelayMs: number;
	/** Withdrawals advance 0 → 1 → 2 every this many ms; 0 leaves them to the control API. */
	withdrawalStepMs: number;
	/** Encoding of payment callbacks. */
	callbackEncoding: 'json' | 'form';
	/**
	 * `GET /pay_detail/` shows each object as it was this many ms ago: a read that lags behind a
	 * change (a callback can arrive before the read shows what it says). 0: the read is current.
	 */
	detailLagMs: number;
	/**
	 * Every service request (not the control API's) is answered this many ms after it arrived, on
	 * every route alike: the live service's round trip (about 150 ms). 0: at once.
	 */
	latencyMs: number;
	/** Bre-B is commercially gated in some environments; false refuses it. */
	brebEnabled: boolean;
	/**
	 * `observed` only: refuse a creation without `callback` (403), as real clients report the live
	 * service does (docs/SERVICE.md, "Create a payment object"). On by default; off accepts it, as
	 * the spec profile does.
	 */
	refuseCreationWithoutCallback: boolean;
	/** Public base of the hosted checkout page; defaults to the sandbox's own `/checkout`. */
	pageBaseUrl?: string;
	/** No request log on the console. */
	quiet: boolean;
	/**
	 * A file to keep the records in across restarts (`npm start`); none by
	 * default (tests start empty).
	 */
	stateFile?: string;
}

export const DEFAULT_SANDBOX_OPTIONS: SandboxOptions = {
	profile: 'observed',
	port: 0,
	host: '127.0.0.1',
	tokenTtlMs: 15 * 60 * 1000,
	doubleEncodeCheckout: true,
	rsaPadding: 'pkcs1',
	autoPayDelayMs: 60_000,
	withdrawalStepMs: 0,
	callbackEncoding: 'json',
	detailLagMs: 0,
	latencyMs: 0,
	brebEnabled: true,
	refuseCreationWithoutCallback: true,
	quiet: true,
};
