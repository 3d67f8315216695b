/** IPTC's term for an image made by editing a photo with a trained model (generative fill, staging). */
export const AI_COMPOSITE_SOURCE_TYPE =
  'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia';

/** What an altered JPEG says about itself inside the file: the disclosure and where its original is. */
export interface Provenance {
  /** The disclosure sentence ('Virtually staged', 'Digitally altered: furniture removed'...). */
  disclosure: string;
  /** The public address of the unaltered original; null when there is none yet. */
  originalUrl: string | null;
  /** The engine and model that made it. */
  creatorTool: string;
}

const xmlEscape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * An XMP packet with the IPTC Digital Source Type and a description naming the alteration and the
 * original's address. Nothing else: no GPS, no camera, no account.
 */
export function provenanceXmp({ disclosure, originalUrl, creatorTool }: Provenance): string {
  const description = originalUrl ? `${disclosure}. Unaltered original: ${originalUrl}` : `${disclosure}.`;
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    Iptc4xmpExt:DigitalSourceType="${AI_COMPOSITE_SOURCE_TYPE}"
    xmp:CreatorTool="${xmlEscape(creatorTool)}">
   <dc:description><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(description)}</rdf:li></rdf:Alt></dc:description>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}
