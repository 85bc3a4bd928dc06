/**
 * The route explorer's entry (bundled by scripts/build.mjs into dist/explorer/app.js, served by the
 * gateway at /explorer). Everything it shows comes from the public API, called with the key typed.
 */
import { startExplorer } from './ui/startExplorer.js'

startExplorer(document)
