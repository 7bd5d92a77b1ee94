/**
 * How a request may be repeated, decided by what it does to money and objects:
 * - `read`: reads, fee estimates, the bank list, the public key. Repeating changes nothing, so
 *   the transport retries them on 429, 5xx and network errors.
 * - `idempotent`: payment-object creation with an `idempotency_key`. The service refuses a repeated
 *   key, so a retry can never create a second object; it is retried like a read.
 * - `once`: everything that moves money or changes state without a key (checkout, OTP
 *   confirmation, transfer, withdrawal, card charge, card registration, edits). Never repeated
 *   automatically; when the answer is lost, the error says the outcome is unknown.
 */
export type RequestSafety = 'read' | 'idempotent' | 'once';

// The outcomes of a failed item are listed with the facts it carries (errorFacts.ts).
export type { FailureOutcome } from '../errorFacts';
