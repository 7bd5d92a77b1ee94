/**
 * Add QR Code Image: the package's encoder alone (time per QR, image bytes, and what the stored
 * deflate blocks cost against the same PNG compressed by zlib, which node code may not import),
 * and 100 Bre-B checkouts through the node with the option on and off, in the same run.
 */
import { deflateSync } from 'zlib';

import type { SandboxEndpoint } from '../sandbox';
import { qrPng, scanlines } from '../nodes/shared/qr/png';
import { encodeQr } from '../nodes/shared/qr/qrCode';
import { qrSvg } from '../nodes/shared/qr/svg';
import { median, timed } from './measure';
import type { BenchmarkResult } from './measure';
import { runNode } from './nodeRuns';

const CHECKOUTS = 100;
const ENCODES = 200;
/** A Bre-B payload as the sandbox gives it: EMVCo tags, the slug, the amount. */
const PAYLOAD = '00020101021226q7Xk2Lm9Pa5204000053031705406125000.005802CO6304';
const PIXELS_PER_MODULE = 8;

export async function benchmarkQrCodes(sandbox: SandboxEndpoint): Promise<BenchmarkResult[]> {
	return [encoderFigures(), await checkoutFigures(sandbox)];
}

function encoderFigures(): BenchmarkResult {
	const times: number[] = [];
	let png: Buffer = Buffer.alloc(0);
	for (let i = 0; i < ENCODES; i++) {
		const started = process.hrtime.bigint();
		png = qrPng(encodeQr(`${PAYLOAD}${i}`), { pixelsPerModule: PIXELS_PER_MODULE });
		times.push(Number(process.hrtime.bigint() - started) / 1e6);
	}
	const code = encodeQr(PAYLOAD);
	const width = (code.size + 8) * PIXELS_PER_MODULE;
	const rows = scanlines(code, PIXELS_PER_MODULE, width);
	// The same PNG with its image data compressed: only the IDAT chunk's content differs.
	const compressed = png.length - (rows.length + 11) + deflateSync(rows, { level: 9 }).length;
	const svg = Buffer.byteLength(qrSvg(code, { pixelsPerModule: PIXELS_PER_MODULE }));
	const ms = median(times);
	return {
		name: 'QR code image (encoder)',
		measured: `a ${PAYLOAD.length}-character Bre-B payload at level M, version ${code.version}, ${PIXELS_PER_MODULE} px a module (${width}×${width} px): median ${ms.toFixed(2)} ms for the code and its PNG over ${ENCODES}; PNG ${png.length} bytes with stored deflate blocks against ${compressed} bytes compressed by zlib (${(png.length / compressed).toFixed(1)}×); SVG ${svg} bytes`,
		figure: `${ms.toFixed(2)} ms a QR, PNG ${png.length} bytes (zlib's ${compressed})`,
		target: 'under 10 ms a QR',
		met: ms < 10,
	};
}

async function checkoutFigures(sandbox: SandboxEndpoint): Promise<BenchmarkResult> {
	const checkout = async (addQrCode: boolean) => {
		await sandbox.control.reset();
		const links = await runNode(
			sandbox,
			{
				resource: 'payment',
				operation: 'create',
				amount: 125000,
				description: '={{ "Invoice " + $json.n }}',
				paymentMethods: ['breb'],
				payerRedirectUrl: 'https://shop.example/thanks',
				callbackUrl: 'https://hooks.example/webhook/pay',
				expirationDays: 1,
			},
			Array.from({ length: CHECKOUTS }, (_, n) => ({ n })),
		);
		const slugs = links.items.map((item) => ({ slug: item.json.slug }));
		return await timed(
			async () =>
				await runNode(
					sandbox,
					{
						resource: 'checkout',
						operation: 'payWithBreb',
						slug: '={{ $json.slug }}',
						addQrCode,
						qrCodeField: 'qrCode',
					},
					slugs,
				),
		);
	};
	const off = await checkout(false);
	const on = await checkout(true);
	const images = on.result.items.filter((item) => item.binary?.qrCode !== undefined).length;
	const plain = off.result.items.filter((item) => item.binary !== undefined).length;
	const added = (on.ms - off.ms) / CHECKOUTS;
	return {
		name: 'QR code image (Pay with Bre-B)',
		measured: `${CHECKOUTS} checkouts through the node: ${(off.ms / CHECKOUTS).toFixed(2)} ms an item with the option off (${plain} items with binary data), ${(on.ms / CHECKOUTS).toFixed(2)} ms with it on (${images} PNGs)`,
		figure: `+${added.toFixed(2)} ms an item with the image, ${(on.ms / off.ms).toFixed(2)}× the text-only checkout`,
		target: 'off: no binary data',
		met: plain === 0 && images === CHECKOUTS,
	};
}
