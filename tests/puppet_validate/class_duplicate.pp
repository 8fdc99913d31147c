class a {}
class a {}
