import { Trans } from '@lingui/react/macro';

/**
 * The agreements a user accepts before using the app: privacy policy, liability waiver, terms and conditions.
 * Our own wording; kept apart from the page so that it can be read on its own.
 */
export function TermsText() {
  return (
    <>
      <h2 id="privacy-policy">
        <Trans>Privacy Policy</Trans>
      </h2>
      <p>
        <Trans>
          This app is provided to clinics and therapists in Australia. We handle personal information in line
          with the Privacy Act 1988 (Cth), the Australian Privacy Principles and the health records laws of
          the Australian states and territories.
        </Trans>
      </p>
      <h3>
        <Trans>What we collect</Trans>
      </h3>
      <p>
        <Trans>
          Your name, email address, mobile number and date of birth; your health condition; the exercise
          programs your therapist prepares for you; and the feedback you give on them, including any photos or
          videos you choose to upload. We also keep technical records of how the service is used, to keep it
          working and secure.
        </Trans>
      </p>
      <h3>
        <Trans>Why we collect it and who sees it</Trans>
      </h3>
      <p>
        <Trans>
          We use your information only to let your therapist and your clinic&apos;s care team prescribe and
          review your exercises, to send the reminders you ask for, and to run and protect the service. Our
          staff see it only when they need to support or maintain the service. We never sell your information
          or use it for advertising.
        </Trans>
      </p>
      <h3>
        <Trans>Where it is held and for how long</Trans>
      </h3>
      <p>
        <Trans>
          Your information is stored on servers located in Australia. Health information is kept for as long
          as health-record guidelines require (for an adult, generally at least seven years after the last
          service; for a child, at least until they turn 25) and is then securely destroyed.
        </Trans>
      </p>
      <h3>
        <Trans>Your choices</Trans>
      </h3>
      <p>
        <Trans>
          You may ask your clinic or us to see or correct your information. If you have a concern about
          privacy, please contact us first; if we cannot resolve it, you may contact the Office of the
          Australian Information Commissioner.
        </Trans>
      </p>

      <h2 id="liability-waiver">
        <Trans>Liability Waiver</Trans>
      </h2>
      <p>
        <Trans>
          This app supports the care you receive from your therapist; it does not replace it. Your exercises
          are chosen by your therapist, not by us, and you should do them only as your therapist instructed.
        </Trans>
      </p>
      <p>
        <Trans>
          Stop exercising and seek medical advice if you feel pain, dizziness, chest discomfort or unusual
          shortness of breath. In an emergency call 000.
        </Trans>
      </p>
      <p>
        <Trans>
          You take part in your exercise program voluntarily and accept the risks that come with physical
          activity. To the extent the law allows, the provider of this app is not liable for injury or loss
          that arises from doing the exercises. Nothing in this waiver limits your rights under the Australian
          Consumer Law.
        </Trans>
      </p>

      <h2 id="terms-and-conditions">
        <Trans>Terms and Conditions</Trans>
      </h2>
      <h3>
        <Trans>The service</Trans>
      </h3>
      <p>
        <Trans>
          Clinics and therapists buy a subscription to the app. Their clients use the app free of charge
          through that subscription.
        </Trans>
      </p>
      <h3>
        <Trans>Accounts</Trans>
      </h3>
      <p>
        <Trans>
          Keep your login details to yourself. You are responsible for what is done with your account, and you
          must not use the app to upload anything unlawful or unrelated to your care.
        </Trans>
      </p>
      <h3>
        <Trans>Payment and refunds</Trans>
      </h3>
      <p>
        <Trans>
          Subscription fees are paid through an online payment platform. Refunds are given at the
          provider&apos;s discretion, except where the law requires a refund.
        </Trans>
      </p>
      <h3>
        <Trans>Ending a subscription</Trans>
      </h3>
      <p>
        <Trans>
          Either party may end a subscription by giving 14 days&apos; notice. After any initial term, a
          subscription continues from month to month until it is ended. We may suspend an account that is used
          in breach of these terms.
        </Trans>
      </p>
      <h3>
        <Trans>Law and disputes</Trans>
      </h3>
      <p>
        <Trans>
          These terms are governed by the law of New South Wales, Australia. If a dispute arises, the party
          raising it will notify the other in writing and both will try in good faith to resolve it by
          negotiation for 28 days. A dispute that is not resolved in that time will be referred to mediation
          in Sydney. If mediation has not resolved the dispute within 2 months of the referral, either party
          may start court proceedings.
        </Trans>
      </p>
      <h3>
        <Trans>Changes</Trans>
      </h3>
      <p>
        <Trans>
          We will tell you before these terms change. If you keep using the app after a change, you accept the
          new terms.
        </Trans>
      </p>
    </>
  );
}
