/**
 * Build step: src/app/earlyRequest.ts as an entry of its own, named in index.html before the app's entry (with
 * modulepreload links for the chunks it imports), so the browser runs it as soon as it arrives (the first page's GET
 * leaves then: docs/decisions/127-first-load-preload-and-early-requests.md) instead of after the app's libraries have
 * downloaded. A module script like the entry, so the pages' Content-Security-Policy (no inline script) allows it. In
 * development the module is named as is. Its chunk (the module with all it imports) is a Rolldown chunk group
 * (vite.config.ts); what Rolldown has no option for is the HTML: a second entry named before the app's, async, with
 * preload links for its imports.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { chunkClosure, type ChunkInfo } from './routePreloads.ts';

export function earlyEntry(module: string): Plugin {
  let file = '';
  let present = false;
  return {
    name: 'mws-early-entry',
    configResolved(config) {
      file = path.resolve(config.root, module);
      present = fs.existsSync(file); // another root (the bench's floor page) has none
    },
    buildStart() {
      if (present && this.environment.config.command === 'build') {
        this.emitFile({ type: 'chunk', id: file, name: 'early' });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx): HtmlTagDescriptor[] {
        if (!present) return [];
        if (!ctx.bundle)
          return [{ tag: 'script', attrs: { type: 'module', src: `/${module}` }, injectTo: 'head-prepend' }];
        const chunks = new Map<string, ChunkInfo>();
        let early: string | undefined;
        let app: string | undefined;
        for (const output of Object.values(ctx.bundle)) {
          if (output.type !== 'chunk') continue;
          chunks.set(output.fileName, {
            fileName: output.fileName,
            imports: output.imports,
            css: [...(output.viteMetadata?.importedCss ?? [])],
          });
          if (output.facadeModuleId === file) early = runnable(output);
          else if (output.isEntry) app = output.fileName;
        }
        if (!early) return [];
        // What the app's entry already has Vite name; the early script's other imports are named here.
        const named = new Set(app ? chunkClosure(chunks, [app]) : []);
        const imports = chunkClosure(chunks, [early], named).filter((f) => f !== early && f.endsWith('.js'));
        return [
          // async: run as soon as it and its imports are here. A deferred module script (the default) waits until the
          // document is parsed and every stylesheet of the page is loaded, the page's route styles included: on a 120
          // ms link that held the first request back by ~160 ms
          // (docs/decisions/127-first-load-preload-and-early-requests.md). fetchpriority high: an async script is
          // otherwise fetched at low priority, after the page's stylesheets and scripts (a cold list's trace: it
          // arrived after the CSS, ~45 ms later than with high priority).
          {
            tag: 'script',
            attrs: { type: 'module', async: true, fetchpriority: 'high', crossorigin: true, src: `/${early}` },
            injectTo: 'head-prepend',
          },
          ...imports.map((f): HtmlTagDescriptor => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}

/**
 * The file to run for the early script: its own chunk, or, when that chunk only imports the `early` group's chunk
 * (the group holds the script's module too, so running that chunk runs the script), that chunk itself: one request
 * fewer before the first GET, on every route (a 28-byte file took one of the browser's six connections).
 */
function runnable(chunk: { fileName: string; code: string; imports: string[] }): string {
  const only = chunk.imports.length === 1 ? chunk.imports[0] : undefined;
  const facade = only !== undefined && /^\s*import\s*["'][^"']+["'];?\s*$/.test(chunk.code);
  return facade ? only : chunk.fileName;
}
