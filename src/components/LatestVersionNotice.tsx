/**
 * What an edit dialog says while it reads the record's latest version (with its ETag) and when that read fails:
 * the user may still edit the copy they have. Shared by the catalog's dialogs and the order editor.
 */
export function LatestVersionNotice({ loading, error }: { loading: boolean; error: string | undefined }) {
  return (
    <>
      {loading ? (
        <p className="hint" role="status">
          Loading the latest version…
        </p>
      ) : null}
      {error ? (
        <p className="notice notice--warning" role="alert">
          Could not load the latest version ({error}). You can still edit this copy; the save may then be refused if it
          is out of date.
        </p>
      ) : null}
    </>
  );
}
