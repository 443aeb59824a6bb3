// Run by scripts/build-cli.mjs after bundling the CLI: prebuilds the client assets into dist/.
import { prebuildAssets } from './bundle.ts';

const file = await prebuildAssets();
process.stdout.write(`prebuilt client assets: ${file}\n`);
