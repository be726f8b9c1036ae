// Renders the app icons (PNG) from our SVG artwork; run after changing public/icons/*.svg.
import sharp from 'sharp';

const icons = [
  { source: 'public/icons/favicon.svg', target: 'public/icons/icon-192.png', size: 192 },
  { source: 'public/icons/favicon.svg', target: 'public/icons/icon-512.png', size: 512 },
  { source: 'public/icons/maskable.svg', target: 'public/icons/icon-maskable-512.png', size: 512 },
];

for (const icon of icons) {
  await sharp(icon.source, { density: 300 }).resize(icon.size, icon.size).png({ compressionLevel: 9 }).toFile(icon.target);
  console.info(`${icon.target} (${icon.size}px)`);
}
