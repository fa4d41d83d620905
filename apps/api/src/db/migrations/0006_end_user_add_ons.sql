-- Add-on products an account makes available to end users (allowAddingByEndUser); every add-on by default.
ALTER TABLE "accounts" ADD COLUMN "end_user_add_on_products" jsonb DEFAULT '[100,101,102,104,105]'::jsonb NOT NULL;
