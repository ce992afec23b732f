-- Procurement (docs/resources-procurement.md): the requester's cart, kept on the server per user (it survives
-- a reload and another device), and the names of the files sent with an outbox e-mail (a purchase order's PDF).
CREATE TABLE cart_lines (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Products and cost centers are resource tables (created from schemas/ after the migrations): no FK here,
  -- the cart routes check them on every write and drop lines whose product is gone on read.
  product_id uuid NOT NULL,
  variant_id uuid,
  quantity numeric(18, 6) NOT NULL CHECK (quantity > 0),
  cost_center_id uuid,
  needed_by date,
  notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_lines_user_idx ON cart_lines (user_id, created_at);
CREATE UNIQUE INDEX cart_lines_product_uq ON cart_lines (user_id, product_id, coalesce(variant_id, '00000000-0000-0000-0000-000000000000'::uuid));

ALTER TABLE mail_outbox ADD COLUMN attachments jsonb;
