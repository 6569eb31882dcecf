"""The hand screen: table, card entry, phase controls, rulings, quick entry."""
