// Preloaded (node --require) into @azure-devops/mcp by fetch-tools.mjs: keytar, the OS keyring
// binding of its token cache, is a native module that `npm ci --ignore-scripts` leaves unbuilt
// (its install script downloads a prebuilt binary or compiles against libsecret). Listing tools
// touches no keyring, so the binding is replaced by one whose every function fails.
'use strict';
const Module = require('node:module');
const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request.endsWith('keytar.node')) {
    const fail = async () => { throw new Error('keytar is not built (tools/mcp-third-party/no-keytar.cjs)'); };
    return { getPassword: fail, setPassword: fail, deletePassword: fail, findPassword: fail, findCredentials: fail };
  }
  return load.apply(this, arguments);
};
