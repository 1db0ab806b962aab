// Runs the built server: `npm run build` first (npm start does both).
const dir = process.env.BUILD_DIR ?? "build";
const { start } = await import(`./${dir}/server/index.js`);
await start();
