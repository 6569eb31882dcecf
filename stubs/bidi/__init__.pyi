"""Types of the part of python-bidi the reports use (the package ships none)."""

def get_display(
    str_or_bytes: str, encoding: str = "utf-8", base_dir: str | None = None, debug: bool = False
) -> str: ...
