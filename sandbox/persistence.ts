/**
 * The sandbox's records in a file, so `npm start` finds its payment links, withdrawals and cards
 * again after a restart. Every record field of the state is kept (Maps and Dates included), so a
 * record added later is kept without a change here; what only serves tests is not: counters,
 * faults, pending timers. The RSA key pair is kept too: cards registered before decrypt after.
 */
import { createPrivateKey } from 'crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'fs';

import { WITHDRAWAL_STATE } from './model';
import { scheduleWithdrawal, setWithdrawalState } from './paying';
import type { RsaKeys } from './rsa';
import type { SandboxState } from './state';

/**
 * Fields of the state that are not records, or an index rebuilt from them (a copy would go stale).
 */
const NOT_KEPT = new Set([
	'options',
	'keys',
	'timers',
	'counters',
	'mostAtOnce',
	'atOnceNow',
	'requestTimes',
	'requestsUnderWay',
	'faults',
	'baseUrl',
	'onChange',
	'paymentsByKey',
]);
const FORMAT = 1;

interface Snapshot {
	format: number;
	keys: { publicPem: string; privatePem: string };
	records: Record<string, unknown>;
}

/**
 * The key pair of a saved state, to build the state with; `undefined` when there is
 * none (or it is unreadable).
 */
export function readSavedKeys(file: string): RsaKeys | undefined {
	const snapshot = readSnapshot(file);
	if (!snapshot) return undefined;
	return {
		publicPem: snapshot.keys.publicPem,
		privateKey: createPrivateKey(snapshot.keys.privatePem),
	};
}

/** Puts the saved records into the state; false when there is no saved state. */
export function restoreState(state: SandboxState, file: string): boolean {
	const snapshot = readSnapshot(file);
	if (!snapshot) return false;
	const target = state as unknown as Record<string, unknown>;
	for (const [field, value] of Object.entries(snapshot.records)) {
		if (!NOT_KEPT.has(field) && field in target) target[field] = value;
	}
	// The duplicate check's index, keyed as routes/payments.ts keys it, pointing
	// at the restored objects.
	state.paymentsByKey.clear();
	for (const payment of state.payments.values()) {
		if (payment.idempotencyKey)
			state.paymentsByKey.set(`${payment.owner}\u0000${payment.idempotencyKey}`, payment);
	}
	resumeWithdrawals(state);
	return true;
}

/** Withdrawals under way when the sandbox stopped go on moving, as they would have. */
function resumeWithdrawals(state: SandboxState): void {
	const step = state.options.withdrawalStepMs;
	if (step <= 0) return;
	for (const withdrawal of state.withdrawals) {
		if (withdrawal.state === WITHDRAWAL_STATE.created) scheduleWithdrawal(state, withdrawal);
		else if (withdrawal.state === WITHDRAWAL_STATE.inProcess) {
			state.later(step, () => {
				if (withdrawal.state === WITHDRAWAL_STATE.inProcess)
					setWithdrawalState(state, withdrawal, WITHDRAWAL_STATE.deposited);
			});
		}
	}
}

/**
 * Writes the state: to a temporary file first, so a crash never leaves half a file;
 * readable by the user only.
 */
export function saveState(state: SandboxState, file: string): void {
	const records: Record<string, unknown> = {};
	for (const [field, value] of Object.entries(state)) {
		if (!NOT_KEPT.has(field) && typeof value !== 'function') records[field] = value;
	}
	const snapshot: Snapshot = {
		format: FORMAT,
		keys: {
			publicPem: state.keys.publicPem,
			privatePem: state.keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
		},
		records,
	};
	const temporary = `${file}.tmp`;
	writeFileSync(temporary, JSON.stringify(snapshot, keepTypes), { mode: 0o600 });
	renameSync(temporary, file);
}

function readSnapshot(file: string): Snapshot | undefined {
	if (!existsSync(file)) return undefined;
	const snapshot = JSON.parse(readFileSync(file, 'utf8'), reviveTypes) as Snapshot;
	return snapshot.format === FORMAT ? snapshot : undefined;
}

/** Maps and Dates as tagged objects; `this[key]` is the value before Date's own toJSON ran. */
function keepTypes(this: Record<string, unknown>, key: string, value: unknown): unknown {
	const original = this[key];
	if (original instanceof Date) return { $date: original.toISOString() };
	if (original instanceof Map) return { $map: [...original.entries()] };
	if (original instanceof Set) return undefined;
	return value;
}

function reviveTypes(_key: string, value: unknown): unknown {
	if (value && typeof value === 'object' && !Array.isArray(value)) {
		const tagged = value as { $date?: string; $map?: Array<[unknown, unknown]> };
		if (typeof tagged.$date === 'string' && Object.keys(value).length === 1)
			return new Date(tagged.$date);
		if (Array.isArray(tagged.$map) && Object.keys(value).length === 1) return new Map(tagged.$map);
	}
	return value;
}
