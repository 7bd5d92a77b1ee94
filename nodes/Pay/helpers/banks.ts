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
	const list = Array.isArray(answer) ? answer : Array.isArray((answer as IDataObject)?.data) ? ((answer as IDataObject).data as unknown[]) : [];
	const banks: Bank[] = [];
	for (const entry of list) {
		if (typeof entry !== 'object' || entry === null) continue;
		const raw = entry as IDataObject;
		const code = raw.bankCode ?? raw.bank_code;
		if (code === undefined || code === null || String(code).trim() === '') continue;
		const nameField = NAME_FIELDS.find((field) => typeof raw[field] === 'string' && raw[field] !== '');
		banks.push({ code: String(code), name: nameField ? String(raw[nameField]) : String(code), raw });
	}
	return banks;
}

/** The prompt row ("select your bank", code 0) is not a bank. */
export function isPromptRow(bank: Bank): boolean {
	return /^0+$/.test(bank.code);
}
