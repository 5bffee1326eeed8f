import { isAllowedUrl } from '../_parts/url-policy.js';

/** The photos of a documentPhotos field as thumbnails (each opens full size in a new window), each with 删除. */
export function UploadedPhotos({ urls, name, inactive, onRemove }: { urls: string[]; name: string; inactive?: boolean; onRemove: (index: number) => void }) {
  return (
    <ul className="tm-photos__list" aria-label={`已上传的${name}`}>
      {urls.map((url, index) => (
        <li key={url} className="tm-photos__item">
          {isAllowedUrl(url) ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className="tm-photos__thumb" aria-label={`查看${name} ${index + 1}（新窗口）`}>
              <img src={url} alt={`${name} ${index + 1}`} />
            </a>
          ) : (
            <span className="tm-photos__thumb">{`${name} ${index + 1}`}</span>
          )}
          {inactive ? null : (
            <button
              type="button"
              className="tm-photo-button tm-photo-button--danger tm-photos__remove"
              aria-label={`删除${name} ${index + 1}`}
              onClick={() => onRemove(index)}
            >
              删除
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
