class a inherits a {}
