// POST /api/admin/blog/images: a featured picture, checked, re-encoded and stored; answers its id and size.
import { adminBlogImageUploadContract, blogImageUploadForm } from '../../src/lib/api/admin/blog.contract';
import { defineHandler } from '../../src/server/http/handler';
import { storeBlogImage } from '../../src/server/services/blog-images';

export default defineHandler({ ...adminBlogImageUploadContract, request: blogImageUploadForm }, ({ body }) => storeBlogImage(body.image));

export const path = '/api/admin/blog/images';
