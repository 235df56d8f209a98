// Imported first by bench/booking-cpu.ts: React (the emails) picks its development or production
// build from process.env.NODE_ENV when it is first loaded, and the server runs in production
// (`npm run bench` starts it with NODE_ENV=production). The development build cost a third more.
process.env.NODE_ENV = "production";
