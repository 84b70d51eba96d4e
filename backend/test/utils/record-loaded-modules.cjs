// Preloaded with `node --require` (NODE_OPTIONS, so the launcher's api and worker load it too):
// appends each CommonJS file the process compiles to LOADED_MODULES_DIR/<pid>.txt, whose first
// line names the script and second the Node flags it was started with (JSON). Written as they load, so a process that ends by a signal has its list
// too; `import()` of a CommonJS file goes through the same compile step, so lazily loaded
// modules count.
const { appendFileSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');

const dir = process.env.LOADED_MODULES_DIR;
if (dir) {
  const file = join(dir, `${process.pid}.txt`);
  writeFileSync(file, `${process.argv[1]}\n${JSON.stringify(process.execArgv)}\n`);
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename, ...rest) {
    appendFileSync(file, `${filename}\n`);
    return compile.call(this, content, filename, ...rest);
  };
}
