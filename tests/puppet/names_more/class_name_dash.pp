class foo-bar {}
