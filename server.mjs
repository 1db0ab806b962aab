// Runs the built server: `npm run build` first (npm start does both).
// React picks its build from NODE_ENV when first loaded. The built server always uses React's
// production build (several times faster to render); the app's own mode still follows NODE_ENV.
const appEnv = process.env.NODE_ENV;
process.env.NODE_ENV = "production";
for (const m of ["react", "react/jsx-runtime", "react-dom", "react-dom/server"]) await import(m);
if (appEnv === undefined) delete process.env.NODE_ENV;
else process.env.NODE_ENV = appEnv;

const dir = process.env.BUILD_DIR ?? "build";
const server = await import(`./${dir}/server/index.js`);
// A child process of the server (e.g. the PDF renderer, decision 0006) runs its role instead;
// `node server.mjs worker` (npm run worker) runs the job runner without HTTP (decision 0010).
if (process.env.CHILD_ROLE) server.runChildRole(process.env.CHILD_ROLE);
else await server.start(process.argv[2] === "worker" ? "worker" : "all");
