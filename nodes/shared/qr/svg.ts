/**
 * The symbol as SVG: a light square for the whole image with its quiet zone, and one path of the
 * dark modules (a run of dark modules in a row is one rectangle), in pixels.
 */
import type { QrCode } from './qrCode';
import { darkWithQuietZone, modulesWithQuietZone } from './qrImage';
import type { QrImageOptions } from './qrImage';

export function qrSvg(code: QrCode, options: QrImageOptions): string {
	const modules = modulesWithQuietZone(code);
	const width = modules * options.pixelsPerModule;
	const runs: string[] = [];
	for (let y = 0; y < modules; y++)
		for (let x = 0; x < modules; x++) {
			if (!darkWithQuietZone(code, x, y)) continue;
			const start = x;
			while (x + 1 < modules && darkWithQuietZone(code, x + 1, y)) x++;
			runs.push(`M${start} ${y}h${x - start + 1}v1h-${x - start + 1}z`);
		}
	return [
		'<?xml version="1.0" encoding="UTF-8"?>',
		`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${width}" viewBox="0 0 ${modules} ${modules}" shape-rendering="crispEdges">`,
		`<rect width="${modules}" height="${modules}" fill="#ffffff"/>`,
		`<path d="${runs.join('')}" fill="#000000"/>`,
		'</svg>',
		'',
	].join('\n');
}
