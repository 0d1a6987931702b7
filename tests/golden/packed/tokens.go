package auth
import "crypto/hmac"
// IssueRefreshToken mints a new refresh token for the user that expires after thirty days.
func IssueRefreshToken(userID string, now int64) string {
	return sign(userID + ":" + strconv.FormatInt(now+30*86400, 10))
}
// VerifySignature checks that the token's HMAC matches, so nobody tampered with it.
func VerifySignature(token string, mac []byte, key []byte) bool {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(token))
	return hmac.Equal(h.Sum(nil), mac)
}
// RevokeSession deletes the session row so the user is logged out everywhere.
func RevokeSession(db *sql.DB, sessionID string) error {
	_, err := db.Exec("DELETE FROM sessions WHERE id = $1", sessionID)
	return err
}
