import { defineRule } from '../registry.js';
import { joinTexts } from '../shell/args.js';
import { ffmpegStreams } from '../shell/media-args.js';
import { NETWORK_RULES } from './network.js';
import type { ShellJudge } from './shell-judge.js';

export const SHELL_MEDIA_RULES = {
  captureDevice: defineRule(
    'privacy.capture_device',
    'escalate',
    'records from the camera, the microphone or the screen',
  ),
  captureStream: defineRule(
    'exfil.capture_stream',
    'block',
    'records the camera, the microphone or the screen and streams it to another machine',
  ),
};

/** Media tools by what they record and where it goes; notebook servers by the port they open. */
export const judgeShellMedia: ShellJudge = (facts, _line, judge) => {
  const { cmd } = facts;
  if (cmd.name === 'ffmpeg') {
    const { captures, sent } = ffmpegStreams(cmd);
    const recorded = captures[0]?.text;
    const destination = sent[0]?.text;
    if (recorded !== undefined && destination !== undefined)
      judge.findings.add(SHELL_MEDIA_RULES.captureStream, `${recorded} → ${destination}`);
    else if (recorded !== undefined) judge.findings.add(SHELL_MEDIA_RULES.captureDevice, recorded);
    else if (destination !== undefined) judge.findings.add(NETWORK_RULES.networkSend, destination);
  } else if (
    cmd.name === 'jupyter' &&
    ['notebook', 'lab', 'server'].includes(cmd.args[0]?.text ?? '')
  ) {
    judge.findings.add(NETWORK_RULES.listener, `jupyter ${joinTexts(cmd.args)}`);
  }
};
