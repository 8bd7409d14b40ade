"""Hawaii's component data: the YAML file read, checked and cached as model records."""
