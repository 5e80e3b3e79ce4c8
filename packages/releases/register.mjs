// Lets a Node-only entry (a command line, a test) load this package's TypeScript: tsx's loader,
// registered in this process (no child process: a server's PID stays its own, signals reach it).
import 'tsx';
