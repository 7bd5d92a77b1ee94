/**
 * One predictable view of a payment object, whichever answer it came from. The creation answer
 * gives amounts as "50000.00" and an ISO date; the detail read gives numbers and numeric dates
 * (epoch milliseconds from the live service, seconds in another reading). Workflow authors map
 * fields once, so the view has the same names and types in both: amounts numbers, every `date_…`
 * ISO 8601 (isoDate.ts; "" stays ""). Every field the view changed keeps the service's original
 * value under `raw` (only those: a full copy of every answer doubled the memory of large batches).
 */
import type { IDataObject } from 'n8n-workflow';

import { withoutTrailingSlashes } from '../../../credentials/baseUrl';
import { feesAboveAmount, serviceFeeFigures } from './feesAboveAmount';
import { isoDate } from './isoDate';
import { toNumber } from './normalize';
import { parseMethods } from './paymentMethods';
import { paymentStateLabel } from './states';

const AMOUNT_FIELDS = ['amount', 'payed_amount', 'fee_amount', 'fee_iva_amount', 'iva_amount'];

export function normalizePaymentObject(answer: unknown, pageBaseUrl?: string): IDataObject {
	if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
		// Not the documented shape: hand it over as it is rather than fail after the service acted.
		return { raw: answer as IDataObject };
	}
	const raw = answer as IDataObject;
	const slug = typeof raw.url === 'string' ? raw.url : undefined;
	// The node's own fields come first, so they lead n8n's output table (the service's fields follow
	// in its order), and they are applied again after the copy, so they win over any same-named
	// field.
	const own: IDataObject = {};
	if (slug !== undefined) own.slug = slug;
	if (slug && pageBaseUrl)
		own.payment_page_url = `${withoutTrailingSlashes(pageBaseUrl)}/${encodeURIComponent(slug)}`;
	if ('state' in raw) own.state_label = paymentStateLabel(raw.state);
	// Said on every payment object, so a link whose fees take its whole amount never goes unseen.
	Object.assign(own, feesAboveAmount(serviceFeeFigures(raw)));
	// Object.assign copies a parsed answer faster than a spread (about 5 µs an item, measured), but
	// it would make a field named "__proto__" the copy's prototype: such an answer is spread, which
	// keeps it a field.
	const view: IDataObject = Object.hasOwn(raw, '__proto__')
		? { ...own, ...raw, ...own }
		: Object.assign({}, own, raw, own);
	for (const field of AMOUNT_FIELDS) {
		if (field in raw) view[field] = toNumber(raw[field]) ?? raw[field];
	}
	if ('state' in raw) view.state = toNumber(raw.state) ?? raw.state;
	if ('payment_method_enabled' in raw) {
		const methods = parseMethods(raw.payment_method_enabled);
		if (methods) view.payment_methods = methods;
	}
	for (const field of Object.keys(raw)) {
		if (!field.startsWith('date_')) continue;
		const iso = isoDate(raw[field]);
		if (iso !== undefined) view[field] = iso;
	}
	const changed: IDataObject = {};
	for (const [field, value] of Object.entries(raw)) {
		if (view[field] !== value) changed[field] = value;
	}
	view.raw = changed;
	return view;
}
