"""JSON API blueprints, one module per area of spec §7."""
