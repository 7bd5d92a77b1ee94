/**
 * The PSE bank catalog (`GET /get_banks/1/`). Only `bankCode` is documented; the name field is
 * read from the usual candidates. PSE catalogs start with a prompt row whose code is 0.
 */
import type { IDataObject } from 'n8n-workflow';

export interface Bank {
	code: string;
	name: string;
	raw: IDataObject;
}

const NAME_FIELDS = ['bankName', 'bank_name', 'name', 'nombre', 'description'];

export function readBankCatalog(answer: unknown): Bank[] {
	const list = Array.isArray(answer)
		? answer
		: Array.isArray((answer as IDataObject)?.data)
			? ((answer as IDataObject).data as unknown[])
			: [];
	const banks: Bank[] = [];
	for (const entry of list) {
		if (typeof entry !== 'object' || entry === null) continue;
		const raw = entry as IDataObject;
		const code = codeText(raw.bankCode ?? raw.bank_code);
		if (code === undefined) continue;
		const nameField = NAME_FIELDS.find(
			(field) => typeof raw[field] === 'string' && raw[field] !== '',
		);
		banks.push({ code, name: nameField ? String(raw[nameField]) : code, raw });
	}
	return banks;
}

/**
 * A code is a text or a number; anything else is no code (and `String()` of an odd object can
 * throw).
 */
function codeText(value: unknown): string | undefined {
	const text =
		typeof value === 'string'
			? value.trim()
			: typeof value === 'number' && Number.isFinite(value)
				? String(value)
				: '';
	return text === '' ? undefined : text;
}

/** The prompt row ("select your bank", code 0) is not a bank. */
export function isPromptRow(bank: Bank): boolean {
	return /^0+$/.test(bank.code);
}
