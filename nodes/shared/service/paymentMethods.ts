/**
 * The payment methods of a payment object, and the JSON string the service wants for them.
 *
 * `payment_method_enabled` must be a JSON object *serialised as a string* (`"{\"pse\":true}"`);
 * an object is refused. Keys are method names, values booleans. The spec shows `breb`, `pse` and
 * `NEQUI`, and `daviplata` as a checkout method; the keys of the bank button, the cash networks,
 * the bank correspondent, Bancolombia's QR and the card are the ones the service's real clients
 * send (docs/SERVICE.md, "Create a payment object"). Any other key goes with "Other Method Keys".
 */
import { peelJson } from '../jsonLayers';

export interface PaymentMethodChoice {
	/** The key sent to the service, as written in `payment_method_enabled`. */
	key: string;
	/** The name shown in the editor. */
	name: string;
	description: string;
}

export const PAYMENT_METHOD_CHOICES: PaymentMethodChoice[] = [
	{
		key: 'bancolombia_transfer',
		name: 'Bancolombia Bank Button',
		description: 'Bancolombia\'s bank payment button (key "bancolombia_transfer")',
	},
	{
		key: 'corresponsal_bancolombia',
		name: 'Bancolombia Correspondent (Cash)',
		description: 'Cash at a Bancolombia correspondent (key "corresponsal_bancolombia")',
	},
	{
		key: 'bancolombia_qr',
		name: 'Bancolombia QR',
		description: 'A QR code paid from the Bancolombia app (key "bancolombia_qr")',
	},
	{ key: 'pse', name: 'Bank Debit (PSE)', description: 'Bank debit through PSE (key "pse")' },
	{
		key: 'breb',
		name: 'Bre-B (Instant Payment)',
		description: 'Instant payment with a QR code or key (key "breb")',
	},
	{
		key: 'credit_card',
		name: 'Credit Card',
		description: 'Credit or debit card (key "credit_card")',
	},
	{ key: 'dale', name: 'Dale! (Cash)', description: 'Cash at a Dale! point (key "dale")' },
	{
		key: 'daviplata',
		name: 'Daviplata',
		description: 'Daviplata wallet with an OTP (key "daviplata")',
	},
	{ key: 'efecty', name: 'Efecty (Cash)', description: 'Cash at an Efecty point (key "efecty")' },
	{
		key: 'NEQUI',
		name: 'Nequi',
		description: 'Nequi wallet (key "NEQUI", upper case as the service writes it)',
	},
];

/** The keys of the list above, in the order of the list. */
export const KNOWN_METHOD_KEYS = PAYMENT_METHOD_CHOICES.map((choice) => choice.key);

/**
 * The JSON string for `payment_method_enabled`: every chosen key with `true`, in the order given,
 * duplicates dropped. Methods not chosen are left out (not sent as `false`): the spec does not say
 * how the service reads a `false`, and a key it does not know could be refused.
 */
export function serializeMethods(keys: readonly string[]): string {
	// Object.fromEntries, not `map[key] = true`: a key typed as "__proto__" stays a key.
	return JSON.stringify(Object.fromEntries(keys.map((key) => [key, true])));
}

/**
 * The method map from what the service answers: a JSON string (possibly encoded twice), or an
 * object already. Values `true`/`false` are kept; the texts "true"/"false" and the numbers 1/0 are
 * read as booleans; other values are left out. `undefined` when the value is not a map at all.
 */
export function parseMethods(value: unknown): Record<string, boolean> | undefined {
	const peeled = peelJson(value, 3);
	if (!peeled.ok) return undefined;
	const current = peeled.value;
	if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
	// Built with Object.fromEntries, as in serializeMethods, so that "__proto__" stays a key.
	const flags = Object.entries(current as Record<string, unknown>).map(
		([key, raw]) => [key, toBoolean(raw)] as const,
	);
	return Object.fromEntries(
		flags.filter((entry): entry is readonly [string, boolean] => entry[1] !== undefined),
	);
}

/** The keys whose value is `true`, in the map's order. */
export function enabledKeys(map: Record<string, boolean>): string[] {
	return Object.keys(map).filter((key) => map[key]);
}

function toBoolean(value: unknown): boolean | undefined {
	if (typeof value === 'boolean') return value;
	if (value === 1 || value === 'true' || value === 'True' || value === '1') return true;
	if (value === 0 || value === 'false' || value === 'False' || value === '0') return false;
	return undefined;
}
