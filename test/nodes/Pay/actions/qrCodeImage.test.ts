/**
 * Add QR Code Image through n8n's engine against the sandbox: the image in the item's binary data
 * decodes (jsQR) to the payload the JSON keeps, on Pay with Bre-B, Pay with Nequi (QR data) and
 * Payment → Create (the payment page's address); bad settings are refused before anything is sent.
 */
import type { IBinaryData, IDataObject } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox';
import { PAYER } from '../../../harness/parameters';
import { decodePng, decodeSvg } from '../../../harness/qrDecode';
import { runPayNode } from '../../../harness/runWorkflow';
import { sandboxCredentials } from '../../../harness/sandboxCredentials';
import { useSandboxPerFile } from '../../../harness/sandboxPerFile';
import { profileUnderTest } from '../../../harness/sandboxProfile';

let sandbox: Sandbox;
const observed = profileUnderTest() === 'observed';
useSandboxPerFile((started) => (sandbox = started));
beforeEach(async () => await sandbox.control.settings({ brebEnabled: true }));

const run = (parameters: Record<string, unknown>, credentials: IDataObject = {}) =>
	runPayNode({
		parameters: parameters as never,
		credentials: sandboxCredentials(sandbox, sandbox.demo, credentials as never),
	});

const linkParameters = {
	resource: 'payment',
	operation: 'create',
	amount: 50000,
	description: 'Factura 2026-001',
	paymentMethods: ['breb', 'NEQUI'],
	payerRedirectUrl: 'https://shop.example/thanks',
	callbackUrl: 'https://hooks.example/webhook/pay',
	expirationDays: 1,
};

async function newSlug(): Promise<string> {
	const { items, error } = await run(linkParameters);
	if (error) throw new Error(error.message);
	return items[0].json.slug as string;
}

function pngText(binary: IBinaryData | undefined): string | undefined {
	return decodePng(Buffer.from(binary?.data ?? '', 'base64'))?.data;
}

describe('Add QR Code Image', () => {
	it('Pay with Bre-B: a PNG of qr_value under Put Output File in Field, named after the slug', async () => {
		const slug = await newSlug();
		const { items, error } = await run({
			resource: 'checkout',
			operation: 'payWithBreb',
			slug,
			addQrCode: true,
			qrCodeField: 'payerQr',
			qrCodeOptions: { errorCorrectionLevel: 'H', pixelsPerModule: 3 },
		});
		expect(error).toBeUndefined();
		const image = items[0].binary?.payerQr;
		expect(image).toMatchObject({ mimeType: 'image/png', fileName: `${slug}-qr.png` });
		expect(pngText(image)).toBe(items[0].json.qr_value);
		expect(items[0].json.qr_value).toContain(slug);
	});

	it('Pay with Nequi without push: an SVG of qr_data', async () => {
		const slug = await newSlug();
		const { items, error } = await run({
			resource: 'checkout',
			operation: 'payWithNequi',
			slug,
			...PAYER,
			push: false,
			addQrCode: true,
			qrCodeField: 'qrCode',
			qrCodeOptions: { imageFormat: 'svg' },
		});
		expect(error).toBeUndefined();
		if (!observed) {
			// The spec's Nequi answer has no ref: the checkout stands, and the JSON says why no image.
			expect(items[0].json).toMatchObject({
				qr_data: null,
				qr_code_missing: 'The answer has no qr_data: no QR code image was made',
			});
			expect(items[0].binary).toBeUndefined();
			return;
		}
		const image = items[0].binary?.qrCode as IBinaryData;
		expect(image).toMatchObject({ mimeType: 'image/svg+xml', fileName: `${slug}-qr.svg` });
		expect(decodeSvg(Buffer.from(image.data, 'base64').toString('utf8'))?.data).toBe(
			items[0].json.qr_data,
		);
	});

	it("Payment → Create: the payment page's address; the option off adds no binary data", async () => {
		const { items } = await run({ ...linkParameters, addQrCode: true, qrCodeField: 'qrCode' });
		const page = items[0].json.payment_page_url as string;
		expect(page).toBe(`${sandbox.baseUrl}/_sandbox/checkout/${items[0].json.slug as string}`);
		expect(pngText(items[0].binary?.qrCode)).toBe(page);
		const plain = await run(linkParameters);
		expect(plain.items[0].binary).toBeUndefined();
	});

	it('is refused before anything is sent: no page base URL, push on, a level unknown', async () => {
		const before = (await sandbox.control.payments()).length;
		const noBase = await run(
			{ ...linkParameters, addQrCode: true, qrCodeField: 'qrCode' },
			{ pageBaseUrl: '' },
		);
		expect(noBase.error?.message).toMatch(/^Payment Page Base URL: is empty in the credential/);
		const longBase = await run(
			{ ...linkParameters, addQrCode: true, qrCodeField: 'qrCode' },
			{ pageBaseUrl: `https://pay.example/${'p'.repeat(2400)}` },
		);
		expect(longBase.error?.message).toContain(
			"Payment Page Base URL: with a slug, the page's address is 2485 bytes long; a QR code at error correction level M holds at most 2331",
		);
		expect(await sandbox.control.payments()).toHaveLength(before);
		const slug = await newSlug();
		const push = await run({
			resource: 'checkout',
			operation: 'payWithNequi',
			slug,
			...PAYER,
			// Mapped: a fixed push hides the option, and n8n drops a hidden field.
			push: '={{ true }}',
			addQrCode: true,
			qrCodeField: 'qrCode',
		});
		expect(push.error?.message).toMatch(/^Add QR Code Image: needs Send Push Notification off/);
		const level = await run({
			resource: 'checkout',
			operation: 'payWithBreb',
			slug,
			addQrCode: true,
			qrCodeField: 'qrCode',
			qrCodeOptions: { errorCorrectionLevel: 'X' },
		});
		expect(level.error?.message).toBe('Error Correction Level: must be L, M, Q or H, got "X"');
		expect(await sandbox.control.paymentChanges(slug)).toEqual([]);
	});
});
