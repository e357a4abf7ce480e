import { caseless } from '../../../caseless.js';

/**
 * What a request leans on when it wants to be obeyed without a second look: urgency, a claimed
 * rank or permission, secrecy, pressure, and orders to skip confirmation. A person asking to mail
 * their landlord needs none of it; a request that carries it goes to a human, whose words it claims.
 */
const PRESSURE = caseless(
  /\b(?:urgent(?:ly)?|asap|immediately|right (?:now|away)|as soon as possible|emergency|time[- ]sensitive|before (?:it'?s too late|the deadline|anyone)|deadline is)\b|\b(?:i'?m|i am|this is|we are|as) (?:the |your |a )?(?:ceo|cfo|cto|boss|manager|director|owner|admin(?:istrator)?|sysadmin|head of|it department|security team|auditor|lawyer|police|executive)\b|\bon behalf of\b|\bauthori[sz](?:ed|ation|e)\b|\b(?:i|we) (?:give|grant|hereby give) (?:you )?(?:my )?(?:full )?(?:permission|consent|approval)\b|\b(?:i|we) (?:consent|approve|authori[sz]e)\b|\bpre-?approved\b|\b(?:no need to|don'?t|do not|never) (?:ask|confirm|check|verify|double[- ]check|wait for|bother)\b|\bskip (?:the )?(?:approval|confirmation|checks?|review|verification)\b|\bwithout (?:asking|confirmation|approval|checking|review)\b|\b(?:quietly|secretly|discreetly|confidentially)\b|\b(?:don'?t|do not) (?:tell|inform|mention|cc|copy|notify)\b|\bbetween (?:you and me|us)\b|\bor (?:i'?ll|i will|we'?ll|we will) (?:be fired|lose|get in trouble|be sued)\b|\b(?:trust me|i beg|begging you|my job depends|life or death)\b|\b(?:personal|private) (?:e-?mail|address|account|gmail)\b/iu,
);

/** The first pressure phrase in the user's request, if any. */
export function pressureIn(text: string): string | undefined {
  return PRESSURE.exec(text)?.[0];
}
