// tsc compiles the TypeScript; this copies what it leaves behind (icons) into dist/ beside the code.
const path = require('path');
const { src, dest, task, parallel } = require('gulp');

const copyIconsOf = (folder) =>
	function copyIcons() {
		return src(path.resolve(folder, '**', '*.{png,svg}'), { encoding: false }).pipe(
			dest(path.resolve('dist', folder)),
		);
	};

task('build:icons', parallel(copyIconsOf('nodes'), copyIconsOf('credentials')));
