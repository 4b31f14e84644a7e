/**
 * The agreements a user accepts before using the app: privacy policy, liability waiver, terms and conditions.
 * Our own wording; kept apart from the page so that it can be read on its own.
 */
export function TermsText() {
  return (
    <>
      <h2 id="privacy-policy">Privacy Policy</h2>
      <p>
        This app is provided to clinics and therapists in Australia. We handle personal information in line
        with the Privacy Act 1988 (Cth), the Australian Privacy Principles and the health records laws of the
        Australian states and territories.
      </p>
      <h3>What we collect</h3>
      <p>
        Your name, email address, mobile number and date of birth; your health condition; the exercise
        programs your therapist prepares for you; and the feedback you give on them, including any photos or
        videos you choose to upload. We also keep technical records of how the service is used, to keep it
        working and secure.
      </p>
      <h3>Why we collect it and who sees it</h3>
      <p>
        We use your information only to let your therapist and your clinic&apos;s care team prescribe and
        review your exercises, to send the reminders you ask for, and to run and protect the service. Our
        staff see it only when they need to support or maintain the service. We never sell your information or
        use it for advertising.
      </p>
      <h3>Where it is held and for how long</h3>
      <p>
        Your information is stored on servers located in Australia. Health information is kept for as long as
        health-record guidelines require (for an adult, generally at least seven years after the last service;
        for a child, at least until they turn 25) and is then securely destroyed.
      </p>
      <h3>Your choices</h3>
      <p>
        You may ask your clinic or us to see or correct your information. If you have a concern about privacy,
        please contact us first; if we cannot resolve it, you may contact the Office of the Australian
        Information Commissioner.
      </p>

      <h2 id="liability-waiver">Liability Waiver</h2>
      <p>
        This app supports the care you receive from your therapist; it does not replace it. Your exercises are
        chosen by your therapist, not by us, and you should do them only as your therapist instructed.
      </p>
      <p>
        Stop exercising and seek medical advice if you feel pain, dizziness, chest discomfort or unusual
        shortness of breath. In an emergency call 000.
      </p>
      <p>
        You take part in your exercise program voluntarily and accept the risks that come with physical
        activity. To the extent the law allows, the provider of this app is not liable for injury or loss that
        arises from doing the exercises. Nothing in this waiver limits your rights under the Australian
        Consumer Law.
      </p>

      <h2 id="terms-and-conditions">Terms and Conditions</h2>
      <h3>The service</h3>
      <p>
        Clinics and therapists buy a subscription to the app. Their clients use the app free of charge through
        that subscription.
      </p>
      <h3>Accounts</h3>
      <p>
        Keep your login details to yourself. You are responsible for what is done with your account, and you
        must not use the app to upload anything unlawful or unrelated to your care.
      </p>
      <h3>Payment and refunds</h3>
      <p>
        Subscription fees are paid through an online payment platform. Refunds are given at the
        provider&apos;s discretion, except where the law requires a refund.
      </p>
      <h3>Ending a subscription</h3>
      <p>
        Either party may end a subscription by giving 14 days&apos; notice. After any initial term, a
        subscription continues from month to month until it is ended. We may suspend an account that is used
        in breach of these terms.
      </p>
      <h3>Law and disputes</h3>
      <p>
        These terms are governed by the law of New South Wales, Australia. If a dispute arises, the party
        raising it will notify the other in writing and both will try in good faith to resolve it by
        negotiation for 28 days. A dispute that is not resolved in that time will be referred to mediation in
        Sydney. If mediation has not resolved the dispute within 2 months of the referral, either party may
        start court proceedings.
      </p>
      <h3>Changes</h3>
      <p>
        We will tell you before these terms change. If you keep using the app after a change, you accept the
        new terms.
      </p>
    </>
  );
}
