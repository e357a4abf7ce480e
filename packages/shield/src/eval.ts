// Running a corpus through the Shield and reporting how it scored.
export { caseTurn, loadCorpus, type CaseTurn, type CorpusCase } from './eval/corpus.js';
export { casesInHalf, corpusHalf, CORPUS_HALVES, type CorpusHalf, type HalfSelection } from './eval/halves.js';
export { PROJECT_CORPUS } from './eval/project-corpus.js';
export { buildReport, percentile, type EvalCaseResult, type EvalReport } from './eval/report.js';
export { formatEvalTable } from './eval/format.js';
export { evaluateCorpus, evalShieldConfig, type EvalOptions, type EvalRun } from './eval/run-eval.js';
export { runEval, scoreCorpus, type RunEvalOptions } from './eval/run.js';
