import {
  announceEdit,
  layoutEditor,
  savedWords,
  sectorPlace,
  type MapSectors,
  type MatchRef,
} from '#lib/client/match-edits.ts';
import { chosenStrongpoints } from '#lib/map-art/layout.ts';
import { EditForm, useEditor } from './EditForm.tsx';

/** The match's layout: the strongpoint in play per sector, or a note when the map's sectors are not known. */
export function LayoutForm(props: { refTo: MatchRef; mapName: string; caps: MapSectors | null; layout: unknown[] }) {
  const caps = props.caps;
  const [editor, state] = useEditor(() =>
    layoutEditor(props.refTo, caps ? chosenStrongpoints(caps.sectors, props.layout) : []),
  );
  if (!caps) {
    return (
      <section className="editor island-form" aria-labelledby="match-edit-layout-legend">
        <h3 id="match-edit-layout-legend" className="legend">
          Layout
        </h3>
        <p className="hint">The sectors of {props.mapName} are not known, so its layout cannot be chosen.</p>
      </section>
    );
  }
  const chosen = state.value;
  const save = async () => {
    const outcome = await editor.submit();
    if (outcome.ok) await announceEdit(savedWords.layout(outcome.data));
  };
  return (
    <EditForm id="match-edit-layout" legend="Layout" state={state} save="Save layout" onSubmit={() => void save()}>
      <p className="hint">
        The strongpoint in play in each sector of {props.mapName}, from the {caps.leftSide} HQ.
      </p>
      <div className="sectors">
        {caps.sectors.map((points, i) => (
          <fieldset key={i} className="sector">
            <legend>
              Sector {i + 1}
              {sectorPlace(caps, i)}
            </legend>
            {[...points, null].map((point) => (
              <label key={point ?? ''} className="choice">
                <input
                  type="radio"
                  name={`match-edit-layout-${i}`}
                  value={point ?? ''}
                  checked={(chosen[i] ?? null) === point}
                  onChange={() => editor.set(caps.sectors.map((_, j) => (j === i ? point : (chosen[j] ?? null))))}
                />
                {point ?? 'Not known'}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </EditForm>
  );
}
