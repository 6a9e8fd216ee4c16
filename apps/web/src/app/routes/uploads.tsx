import { UploadsView } from '../../features/uploads/components/uploads-view.tsx';
import { uploadToFile } from '../case-file-actions.tsx';
import { useAddToFileAction } from '../mailbox/use-add-to-file-action.tsx';

export function Component() {
  const fileAdding = useAddToFileAction();
  const { look } = fileAdding;
  return (
    <>
      <UploadsView
        selectionActions={
          look === null
            ? []
            : [
                {
                  ...look,
                  onSelect: (uploads, done) => fileAdding.open(uploads.map(uploadToFile), done),
                },
              ]
        }
      />
      {fileAdding.dialog}
    </>
  );
}
