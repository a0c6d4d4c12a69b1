// jsdom lacks the WHATWG fetch family that browsers (and ky) have; lend Node's own.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = [
  'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File',
  'TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream',
  'AbortController', 'AbortSignal', 'structuredClone', 'BroadcastChannel', 'URL', 'URLSearchParams',
];

/**
 * Node's FormData, which also reads a form element as browsers do: React builds `new FormData(form)`
 * when a submit handler starts a transition (its form status), and Node's own accepts no form.
 */
function formDataReadingForms(NodeFormData) {
  return class FormData extends NodeFormData {
    constructor(form, submitter) {
      super();
      if (!form) return;
      for (const field of form.elements) {
        if (!field.name || field.disabled) continue;
        if ((field.type === 'checkbox' || field.type === 'radio') && !field.checked) continue;
        if (field.type === 'submit' || field.type === 'button') {
          if (field === submitter) this.append(field.name, field.value);
          continue;
        }
        this.append(field.name, field.value);
      }
    }
  };
}

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of NODE_GLOBALS) {
      if (globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
    this.global.FormData = formDataReadingForms(globalThis.FormData);
  }
}

module.exports = JsdomWithFetch;
