-- Storage bucket for product photos: anyone may fetch a photo by its public URL (public buckets serve
-- without row-level security), while the rows - listing, search, authenticated reads - are each owner's own:
-- nobody lists the bucket's root to collect owner ids. Owners write only under `{userId}/`, and only while
-- they may write their data at all (escrita_recusada(): the same rule as the replicated tables, so an
-- expired trial, a suspended or deleted account, or an ended device session cannot upload, replace, move or
-- remove photos either).
INSERT INTO storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
VALUES ('product-images', 'product-images', true, 5242880,
        ARRAY['image/jpeg', 'image/jpg', 'image/png', 'application/pdf'])
ON CONFLICT (id) DO UPDATE
  SET public = EXCLUDED.public, file_size_limit = EXCLUDED.file_size_limit, allowed_mime_types = EXCLUDED.allowed_mime_types;

CREATE POLICY "product-images: dono lê a própria pasta" ON storage.objects FOR SELECT TO authenticated
  USING (bucket_id = 'product-images' AND (storage.foldername(name))[1] = auth.uid()::text);
CREATE POLICY "product-images: dono envia na própria pasta" ON storage.objects FOR INSERT TO authenticated
  WITH CHECK (bucket_id = 'product-images' AND (storage.foldername(name))[1] = auth.uid()::text
              AND public.escrita_recusada() IS NULL);
CREATE POLICY "product-images: dono substitui na própria pasta" ON storage.objects FOR UPDATE TO authenticated
  USING (bucket_id = 'product-images' AND (storage.foldername(name))[1] = auth.uid()::text
         AND public.escrita_recusada() IS NULL)
  WITH CHECK (bucket_id = 'product-images' AND (storage.foldername(name))[1] = auth.uid()::text);
CREATE POLICY "product-images: dono remove da própria pasta" ON storage.objects FOR DELETE TO authenticated
  USING (bucket_id = 'product-images' AND (storage.foldername(name))[1] = auth.uid()::text
         AND public.escrita_recusada() IS NULL);
