"""The rules themselves, one module per rules area (shooting, reactions, disorder …)."""
