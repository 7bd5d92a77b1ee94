/**
 * Payment → Create's Add QR Code Image: the code of the payment page's address
 * (`payment_page_url`), which the node makes from the credential's Payment Page Base URL and the
 * slug (shared/service/paymentObject.ts). Without that setting there is no address to draw.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { QrCapacityError } from '../../../shared/qr/dataCodewords';
import { encodeQr } from '../../../shared/qr/qrCode';
import type { ItemResult } from '../../execution/itemOutput';
import { readPageBaseUrl } from '../../helpers/credentialSettings';
import { inputError } from '../../helpers/inputError';
import { qrCodeProperties, readQrCodeAsked, withQrCode } from '../qrCodeImage';
import type { QrCodeAsked } from '../qrCodeImage';
import type { OperationEnvironment } from '../types';

const BASE_URL_FIELD = 'Payment Page Base URL';
/** The service's longest slug (shared/service/slugRule.ts). */
const LONGEST_SLUG = 64;

export const pageQrCodeProperties = qrCodeProperties(
	"the payment page's address (payment_page_url; it needs the credential's Payment Page Base URL)",
);

/**
 * What the item asks for, refused before the link is created when the credential has no Payment
 * Page Base URL, or when no QR code at the level holds its address with the longest slug.
 */
export async function readPageQrCode(
	context: IExecuteFunctions,
	env: OperationEnvironment,
	itemIndex: number,
): Promise<QrCodeAsked | undefined> {
	const asked = readQrCodeAsked(context, env, itemIndex);
	if (asked === undefined) return undefined;
	const base = await readPageBaseUrl(env, itemIndex);
	if (base === undefined)
		throw inputError(
			env.node,
			itemIndex,
			BASE_URL_FIELD,
			"is empty in the credential: Add QR Code Image draws the payment page's address, made from it",
		);
	try {
		encodeQr(`${base}/${'x'.repeat(LONGEST_SLUG)}`, { level: asked.level });
	} catch (error) {
		const problem = error instanceof QrCapacityError ? error.message : String(error);
		throw inputError(
			env.node,
			itemIndex,
			BASE_URL_FIELD,
			`with a slug, the page's address ${problem}`,
		);
	}
	return asked;
}

export async function withPageQrCode(
	context: IExecuteFunctions,
	asked: QrCodeAsked | undefined,
	output: IDataObject,
): Promise<ItemResult> {
	const slug = typeof output.slug === 'string' ? output.slug : 'payment';
	return await withQrCode(context, asked, output, 'payment_page_url', slug);
}
