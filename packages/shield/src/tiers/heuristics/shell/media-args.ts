import { withText } from './args.js';
import type { Arg, SimpleCommand } from './model.js';

/** ffmpeg options that take no value; every other option does. */
const FFMPEG_FLAGS = new Set(
  `-y -n -nostdin -stdin -hide_banner -stats -nostats -vn -an -sn -dn -shortest -re -copyts
  -benchmark -benchmark_all -xerror -report -ignore_unknown -noautorotate -autorotate
  -accurate_seek -noaccurate_seek -dump -hex -debug_ts -vstats -print_graphs`
    .split(/\s+/u)
    .filter(Boolean),
);

/** Input formats that read a camera, a microphone or a screen rather than a file. */
const CAPTURE_FORMATS = new Set([
  'v4l2',
  'video4linux2',
  'alsa',
  'pulse',
  'oss',
  'jack',
  'openal',
  'sndio',
  'x11grab',
  'kmsgrab',
  'fbdev',
  'avfoundation',
  'dshow',
  'gdigrab',
  'vfwcap',
]);
/** Device files of cameras and sound cards. */
const CAPTURE_DEVICE = /^\/dev\/(?:video\d*|snd\/|dsp\d*|audio\d*|fb\d+)/u;
/** Where an output goes over the network rather than into a file. */
const NETWORK_OUTPUT =
  /^(?:udp|rtp|rtmps?|rtsp|srt|tcp|tls|https?|icecast|ftp|sftp|zmq|rist):\/\//iu;

export interface FfmpegStreams {
  /** Input files (not devices, not network sources). */
  readonly files: readonly Arg[];
  /** Inputs that record a camera, a microphone or a screen. */
  readonly captures: readonly Arg[];
  /** Outputs written to files. */
  readonly outputs: readonly Arg[];
  /** Outputs sent to another machine. */
  readonly sent: readonly Arg[];
}

/** Read once per command: by the file profile and again by the media rule. */
const parsed = new WeakMap<SimpleCommand, FfmpegStreams>();

/** What an ffmpeg command reads and where its outputs go: `[options] -i input … [options] output …`. */
export function ffmpegStreams(cmd: SimpleCommand): FfmpegStreams {
  let streams = parsed.get(cmd);
  if (streams === undefined) parsed.set(cmd, (streams = readFfmpegStreams(cmd)));
  return streams;
}

function readFfmpegStreams(cmd: SimpleCommand): FfmpegStreams {
  const files: Arg[] = [];
  const captures: Arg[] = [];
  const outputs: Arg[] = [];
  const sent: Arg[] = [];
  let format: string | undefined;
  for (let i = 0; i < cmd.args.length; i++) {
    const arg = cmd.args[i];
    if (arg === undefined) continue;
    const text = arg.text;
    if (text.startsWith('-') && text.length > 1) {
      if (FFMPEG_FLAGS.has(text)) continue;
      const value = cmd.args[i + 1];
      i += 1;
      if (value === undefined) break;
      if (text === '-f') format = value.text;
      else if (text === '-i') {
        if (CAPTURE_FORMATS.has(format ?? '') || CAPTURE_DEVICE.test(value.text))
          captures.push(value);
        else if (!/^[a-z][a-z0-9+.-]*:/iu.test(value.text)) files.push(value);
        format = undefined;
      }
      continue;
    }
    (NETWORK_OUTPUT.test(text) ? sent : outputs).push(arg);
    format = undefined;
  }
  return { files, captures, outputs, sent };
}

const PANDOC_CODE_OPTIONS = new Set(['-L', '--lua-filter', '-F', '--filter', '--pdf-engine']);

/** Files pandoc runs as code: Lua and JSON filters, and a PDF engine named by path. */
export function pandocCodeFiles(cmd: SimpleCommand): Arg[] {
  const code: Arg[] = [];
  for (let i = 0; i < cmd.args.length; i++) {
    const arg = cmd.args[i];
    if (arg === undefined) continue;
    const equals = arg.text.startsWith('--') ? arg.text.indexOf('=') : -1;
    const name = equals < 0 ? arg.text : arg.text.slice(0, equals);
    if (!PANDOC_CODE_OPTIONS.has(name)) continue;
    const value = equals < 0 ? cmd.args[i + 1] : withText(arg, arg.text.slice(equals + 1));
    if (value === undefined) continue;
    if (name !== '--pdf-engine' || value.text.includes('/')) code.push(value);
  }
  return code;
}

/** Notebooks jupyter runs: `nbconvert --execute`, `execute`, `run`. */
export function jupyterNotebooksRun(cmd: SimpleCommand): Arg[] {
  const [sub, ...rest] = cmd.args;
  const notebooks = rest.filter((a) => /\.ipynb$/iu.test(a.text));
  if (sub?.text === 'execute' || sub?.text === 'run') return notebooks;
  if (
    sub?.text === 'nbconvert' &&
    rest.some(
      (a) => a.text === '--execute' || a.text.startsWith('--ExecutePreprocessor.enabled=True'),
    )
  )
    return notebooks;
  return [];
}
